'use client';

import { useState } from 'react';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type Tab = 'login' | 'register';

const TABS: { id: Tab; label: string }[] = [
  { id: 'login', label: 'Login' },
  { id: 'register', label: 'Register' },
];

/** SPEC §2 /login: Login and Register tabs. */
/** `next`: a path on this site to return to after signing in or registering (the product whose heart was pressed). */
export function LoginView({ verified, next }: { verified: boolean | null; next: string | null }) {
  const [tab, setTab] = useState<Tab>('login');
  return (
    <>
      <h1 className="text-center text-3xl font-extrabold tracking-tight">{tab === 'login' ? 'Welcome Back' : 'Create Account'}</h1>
      {verified !== null && <VerifiedNotice verified={verified} />}
      <div role="tablist" aria-label="Account" className="mt-6 grid grid-cols-2 rounded-xl bg-gray-100 p-1">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            onClick={() => setTab(id)}
            className={`rounded-lg px-4 py-2 font-semibold ${tab === id ? 'bg-white text-rose-700 shadow-sm' : 'text-gray-700 hover:text-gray-900'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-6">
        {tab === 'login' ? <LoginForm next={next} /> : <RegisterForm next={next} />}
      </div>
    </>
  );
}

function VerifiedNotice({ verified }: { verified: boolean }) {
  return verified ? (
    <p className="mt-4 rounded-xl bg-emerald-50 p-3 text-center text-sm text-emerald-900" role="status">
      Your email is confirmed. Log in to see your orders and gift vouchers.
    </p>
  ) : (
    <p className="mt-4 rounded-xl bg-amber-50 p-3 text-center text-sm text-amber-900" role="status">
      That confirmation link is invalid or has expired.
    </p>
  );
}
