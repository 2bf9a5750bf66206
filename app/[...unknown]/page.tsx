import { redirect } from 'next/navigation';

// SPEC §2: any unknown path redirects to the home page.
export default function UnknownPath(): never {
  redirect('/');
}
