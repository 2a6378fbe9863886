'use client';
import { useState } from 'react';
import { signOut } from '@/components/auth/auth-endpoints';
import { Button } from '@/components/ui/button';

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="ghost"
      disabled={pending}
      onClick={() => {
        setPending(true);
        // Failed (the console unreachable): the button comes back, so it can be pressed again.
        signOut('/signin').catch(() => setPending(false));
      }}
    >
      {pending ? 'Signing out…' : 'Sign out'}
    </Button>
  );
}
