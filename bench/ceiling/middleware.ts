// See instrumentation.ts: present only so the shop's middleware is not used. Matches nothing.
import { NextResponse } from 'next/server';

export function middleware() {
  return NextResponse.next();
}

export const config = { matcher: ['/__bench-ceiling-never'] };
