export default function Loading() {
  return <p className="mx-auto max-w-6xl px-4 py-16 text-center text-lg text-gray-700">Loading...</p>;
}
