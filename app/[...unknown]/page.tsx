import { redirect } from 'next/navigation';

// docs/product.md §2: any unknown path redirects to the home page.
export default function UnknownPath(): never {
  redirect('/');
}
