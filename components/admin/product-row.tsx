import { dollars } from './format';
import { button } from './styles';
import { Thumb } from './thumb';
import type { AdminProductResponse as AdminProduct } from '@/lib/contract/catalog';

type Props = {
  product: AdminProduct;
  checked: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

export function ProductRow({ product, checked, onToggle, onEdit, onDelete }: Props) {
  const checkboxId = `select-${product.id}`;
  return (
    <li className="flex items-center gap-4 py-3" data-testid="admin-product">
      <input id={checkboxId} type="checkbox" checked={checked} onChange={onToggle} className="h-4 w-4 accent-rose-700" />
      <label htmlFor={checkboxId} className="sr-only">
        Select {product.title}
      </label>
      <Thumb path={product.thumbnail_path ?? product.image_path} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="truncate">{product.title}</span>
          {product.is_bundle && <span className="rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-bold text-white">Bundle</span>}
          {product.on_sale && <span className="rounded-full bg-rose-700 px-2 py-0.5 text-xs font-bold text-white">SALE</span>}
        </p>
        <p className="text-sm text-gray-700">
          {[product.category, product.subcategory].filter(Boolean).join(' › ') || 'No category'} · {product.file_paths.length} file
          {product.file_paths.length === 1 ? '' : 's'}
        </p>
      </div>
      <div className="text-right text-sm">
        {product.on_sale && product.sale_price !== null ? (
          <>
            <s className="block text-gray-600">{dollars(product.price)}</s>
            <span className="font-bold text-rose-700">{dollars(product.sale_price)}</span>
          </>
        ) : (
          <span className="font-bold">{dollars(product.price)}</span>
        )}
      </div>
      <div className="flex gap-2">
        <button type="button" className={button.small} onClick={onEdit} aria-label={`Edit ${product.title}`}>
          Edit
        </button>
        <button type="button" className={button.smallDanger} onClick={onDelete} aria-label={`Delete ${product.title}`}>
          Delete
        </button>
      </div>
    </li>
  );
}
