'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { Combobox } from '@/components/ui/combobox';
import { TextField } from '@/components/ui/field';
import { CheckboxField, TextareaField } from '@/components/ui/form-controls';
import { Dialog } from '@/components/ui/dialog';
import { GalleryEditor } from './gallery-editor';
import { LicencePrices } from './licence-prices';
import { ProductFiles } from './product-files';
import { Button } from '@/components/ui/button';
import type { AdminProductResponse as AdminProduct, CategoryResponse as Category, TagResponse as Tag } from '@/lib/contract/catalog';
import { TagInput } from './tag-input';

type Props = {
  product: AdminProduct | null;
  categories: Category[];
  /** The Tags tab's vocabulary, offered as the owner types. */
  vocabulary: Tag[];
  onClose: () => void;
  onSaved: () => Promise<void>;
};

export function EditProductDialog({ product, categories, vocabulary, onClose, onSaved }: Props) {
  return (
    <Dialog open={product !== null} title={product?.is_bundle ? 'Edit Bundle' : 'Edit Product'} onClose={onClose}>
      {product && <EditProductForm key={product.id} product={product} categories={categories} vocabulary={vocabulary} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

/**
 * Ticking On Sale by hand means "on sale now": a window left over from an
 * earlier sale would otherwise keep the new sale from showing, so it is
 * cleared; unticking clears it too. A running sale's window is left alone.
 * Cleared as '' rather than null: the contract coerces null to 1970-01-01.
 */
function saleWindow(product: AdminProduct, onSale: boolean) {
  const ended = product.sale_end !== null && Date.parse(product.sale_end) <= Date.now();
  if (!onSale || !product.on_sale || ended) return { sale_start: '', sale_end: '' };
  return {};
}

function EditProductForm({ product, categories, vocabulary, onClose, onSaved }: Omit<Props, 'product'> & { product: AdminProduct }) {
  const [title, setTitle] = useState(product.title);
  const [price, setPrice] = useState(String(product.price));
  const [salePrice, setSalePrice] = useState(product.sale_price === null ? '' : String(product.sale_price));
  const [onSale, setOnSale] = useState(product.on_sale);
  const [description, setDescription] = useState(product.description);
  const [category, setCategory] = useState(product.category ?? '');
  const [subcategory, setSubcategory] = useState(product.subcategory ?? '');
  const [tags, setTags] = useState(product.tags);
  const [busy, setBusy] = useState(false);
  const subcategories = categories.find((c) => c.name === category)?.subcategories ?? [];
  const id = (field: string) => `edit-${product.id}-${field}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const sale = salePrice.trim();
    if (onSale && sale === '') {
      toast.error('Update failed', { description: 'Set a sale price to put the item on sale' });
      return;
    }
    setBusy(true);
    const kind = product.is_bundle ? 'bundles' : 'products';
    const result = await api.put(`/api/${kind}/${product.id}`, {
      title: title.trim(),
      price: Number(price),
      // An empty field with On Sale off clears the sale; with it on, the check above already refused.
      ...(sale === '' ? { sale_price: null } : { sale_price: Number(sale) }),
      on_sale: onSale,
      description,
      category: category || null,
      subcategory: subcategory || null,
      tags,
      ...saleWindow(product, onSale),
    });
    setBusy(false);
    if (!result.ok) return toastFailure(result.error, 'Update failed');
    toast.success('Updated successfully');
    await onSaved();
    onClose();
  }

  return (
    <div className="flex flex-col gap-5">
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)}>
        <div className="sm:col-span-2">
          <TextField id={id('title')} label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <TextField
          id={id('price')}
          label="Regular price (AUD)"
          type="number"
          min="0"
          step="0.01"
          required
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
        <TextField
          id={id('sale-price')}
          label="Sale price (AUD, optional)"
          type="number"
          min="0"
          step="0.01"
          value={salePrice}
          onChange={(e) => setSalePrice(e.target.value)}
        />
        <div className="sm:col-span-2">
          <CheckboxField id={id('on-sale')} label="On Sale" checked={onSale} onChange={(e) => setOnSale(e.target.checked)} />
        </div>
        <div className="sm:col-span-2">
          <TextareaField id={id('description')} label="Description (optional)" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <Combobox
          id={id('category')}
          label="Category"
          emptyOption="No category"
          options={categories.map((c) => c.name)}
          value={category}
          onChange={(next) => {
            setCategory(next);
            setSubcategory('');
          }}
        />
        <Combobox
          id={id('subcategory')}
          label="Subcategory"
          emptyOption={category ? 'No subcategory' : undefined}
          placeholder="Choose a category first"
          options={subcategories}
          value={subcategory}
          disabled={!category}
          onChange={setSubcategory}
        />
        <div className="sm:col-span-2">
          <TagInput label="Tags" hint="Comma-separated, e.g. floral, summer" vocabulary={vocabulary} value={tags} onChange={setTags} />
        </div>
        <div className="flex justify-end gap-3 sm:col-span-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
      <LicencePrices product={product} onChanged={onSaved} />
      <ProductFiles product={product} onChanged={onSaved} />
      <GalleryEditor base={`/api/${product.is_bundle ? 'bundles' : 'products'}/${product.id}/images`} initial={product.images} onChanged={onSaved} />
    </div>
  );
}
