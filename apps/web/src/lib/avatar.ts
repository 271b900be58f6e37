import { useEffect, useState } from 'react';

/** Avatars are served locally at /image/i/{sha256 hex of the lower-cased e-mail} (no third-party calls). */
async function avatarUrl(email: string): Promise<string | null> {
  // crypto.subtle exists only in secure contexts (https, localhost); elsewhere the initials stand in.
  if (!globalThis.crypto?.subtle) return null;
  const bytes = new TextEncoder().encode(email.trim().toLowerCase());
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `/image/i/${hex}`;
}

export function useAvatarUrl(email: string | null | undefined): string | null {
  const [url, setUrl] = useState<{ email: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!email) return;
    let alive = true;
    avatarUrl(email)
      .then((value) => {
        if (alive) setUrl({ email, url: value });
      })
      .catch(() => {
        if (alive) setUrl({ email, url: null });
      });
    return () => {
      alive = false;
    };
  }, [email]);
  return url && url.email === email ? url.url : null;
}
