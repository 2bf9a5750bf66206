import { Button } from '@/components/ui/button';
import { Thumb } from './thumb';
import type { AdminProductResponse as AdminProduct } from '@/lib/contract/catalog';
import { Badge } from '@/components/ui/badge';
import { CheckboxField } from '@/components/ui/form-controls';
import { Price, priceViewFromDollars } from '@/components/ui/price';

type Props = {
  product: AdminProduct;
  checked: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

export function ProductRow({ product, checked, onToggle, onEdit, onDelete }: Props) {
  return (
    <li className="flex items-center gap-4 py-3" data-testid="admin-product">
      <CheckboxField id={`select-${product.id}`} label={`Select ${product.title}`} hideLabel checked={checked} onChange={onToggle} />
      <Thumb path={product.thumbnail_path ?? product.image_path} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="truncate">{product.title}</span>
          {product.is_bundle && <Badge tone="bundle">Bundle</Badge>}
          {product.on_sale && <Badge tone="sale">SALE</Badge>}
        </p>
        <p className="text-sm text-gray-700">
          {[product.category, product.subcategory].filter(Boolean).join(' › ') || 'No category'} · {product.file_paths.length} file
          {product.file_paths.length === 1 ? '' : 's'}
        </p>
      </div>
      <div className="text-right text-sm">
        <Price price={priceViewFromDollars(product.price, product.sale_price, product.on_sale)} size="sm" />
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${product.title}`}>
          Edit
        </Button>
        <Button variant="danger" size="sm" onClick={onDelete} aria-label={`Delete ${product.title}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
