import { button, card } from './styles';

// Stands in for the bulk and individual upload forms until the upload pipeline lands;
// it points at the file path that works today.
export function UploadTab({ onOpenProducts }: { onOpenProducts: () => void }) {
  return (
    <div className={`${card} mx-auto max-w-xl text-center`}>
      <h2 className="text-xl font-bold">Add files to a product</h2>
      <ol className="mx-auto mt-4 max-w-sm list-inside list-decimal space-y-1 text-left text-gray-800">
        <li>Open All Products and find the product.</li>
        <li>Choose Edit on its row.</li>
        <li>Under Files, pick one or more files in Add files, then choose Add.</li>
      </ol>
      <p className="mt-4 text-sm text-gray-700">Buyers receive every file listed there, straight after payment.</p>
      <button type="button" className={`${button.primary} mt-6`} onClick={onOpenProducts}>
        Go to All Products
      </button>
    </div>
  );
}
