'use client';

import { useState } from 'react';
import { Notice } from '@/components/ui/card';
import { TabList, TabPanel } from '@/components/ui/tabs';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const TABS = ['Login', 'Register'] as const;
type Tab = (typeof TABS)[number];

/** SPEC §2 /login: Login and Register tabs. */
export function LoginView({ verified }: { verified: boolean | null }) {
  const [tab, setTab] = useState<Tab>('Login');
  return (
    <>
      <h1 className="text-center text-3xl font-extrabold tracking-tight">{tab === 'Login' ? 'Welcome Back' : 'Create Account'}</h1>
      {verified !== null && <VerifiedNotice verified={verified} />}
      <div className="mt-6">
        <TabList label="Account" tabs={TABS} active={tab} onChange={setTab} idPrefix="account" look="pill" />
      </div>
      <TabPanel idPrefix="account" tab={tab} className="mt-6">
        {tab === 'Login' ? <LoginForm /> : <RegisterForm />}
      </TabPanel>
    </>
  );
}

function VerifiedNotice({ verified }: { verified: boolean }) {
  return (
    <Notice tone={verified ? 'success' : 'warning'} className="mt-4 p-3 text-center" role="status">
      {verified ? 'Your email is confirmed. Log in to see your orders and gift vouchers.' : 'That confirmation link is invalid or has expired.'}
    </Notice>
  );
}
