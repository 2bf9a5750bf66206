import Link from 'next/link';

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <Link href="/" className="mt-6 inline-block rounded-lg bg-rose-700 px-6 py-3 font-semibold text-white hover:bg-rose-800">
        Go to the shop
      </Link>
    </div>
  );
}
