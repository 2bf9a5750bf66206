'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { api, toastFailure } from './session';
import { Combobox } from '@/components/ui/combobox';
import { TextField } from '@/components/ui/field';
import { TextareaField } from '@/components/ui/form-controls';
import { Dialog } from '@/components/ui/dialog';
import { ProductPicker, type PickedProduct } from './product-picker';
import { Button } from '@/components/ui/button';
import { TagInput } from './tag-input';
import type { CategoryResponse as Category, TagResponse as Tag } from '@/lib/contract/catalog';

type Props = { open: boolean; categories: Category[]; tags: Tag[]; onClose: () => void; onCreated: () => void | Promise<void> };

/** All Products → New Bundle: the bundle's fields, its ordered products and an optional cover (else one is composed). */
export function NewBundleDialog({ open, categories, tags, onClose, onCreated }: Props) {
  return (
    <Dialog open={open} title="New Bundle" onClose={onClose}>
      <BundleForm categories={categories} tags={tags} onClose={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

function BundleForm({ categories, tags: vocabulary, onClose, onCreated }: Omit<Props, 'open'>) {
  const [title, setTitle] = useState('');
  const [price, setPrice] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [subcategory, setSubcategory] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [products, setProducts] = useState<PickedProduct[]>([]);
  const [cover, setCover] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const subcategories = categories.find((c) => c.name === category)?.subcategories ?? [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (products.length === 0) {
      toast.error('Upload failed', { description: 'Choose the products of the bundle' });
      return;
    }
    setBusy(true);
    const created = await api.post<{ id: string }>('/api/admin/bundles', {
      title: title.trim(),
      price: Number(price),
      description,
      category,
      subcategory: subcategory || null,
      tags,
      product_ids: products.map((p) => p.id),
    });
    if (!created.ok) {
      setBusy(false);
      return toastFailure(created.error, 'Upload failed');
    }
    if (cover) {
      const body = new FormData();
      body.append('image', cover);
      const uploaded = await api.multipart(`/api/products/${created.body.id}/image`, body);
      // The bundle exists either way; a refused cover leaves the composed one.
      if (!uploaded.ok) toastFailure(uploaded.error, 'Update failed');
    }
    setBusy(false);
    toast.success(`Bundle "${title.trim()}" created`);
    await onCreated();
    onClose();
  }

  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)}>
      <div className="sm:col-span-2">
        <TextField id="bundle-title" label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <TextField id="bundle-price" label="Price (AUD)" type="number" min="0" step="0.01" required value={price} onChange={(e) => setPrice(e.target.value)} />
      <div />
      <div className="sm:col-span-2">
        <TextareaField id="bundle-description" label="Description (optional)" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <Combobox
        id="bundle-category"
        label="Category"
        required
        placeholder="Choose a category"
        options={categories.map((c) => c.name)}
        value={category}
        onChange={(next) => {
          setCategory(next);
          setSubcategory('');
        }}
      />
      <Combobox
        id="bundle-subcategory"
        label="Subcategory"
        emptyOption={category ? 'No subcategory' : undefined}
        placeholder="Choose a category first"
        options={subcategories}
        value={subcategory}
        disabled={!category}
        onChange={setSubcategory}
      />
      <div className="sm:col-span-2">
        <TagInput value={tags} onChange={setTags} vocabulary={vocabulary} />
      </div>
      <div className="sm:col-span-2">
        <ProductPicker value={products} onChange={setProducts} />
      </div>
      <div className="sm:col-span-2">
        <TextField
          id="bundle-cover"
          label="Cover image (optional)"
          hint="Without one, the cover is made from the products' thumbnails."
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/tiff,image/avif"
          onChange={(e) => setCover(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="flex justify-end gap-3 sm:col-span-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating...' : 'Create Bundle'}
        </Button>
      </div>
    </form>
  );
}
