/** The system colour scheme (light/dark), live. */
import { useEffect, useState } from 'react';

const query = '(prefers-color-scheme: dark)';

/** `dark` when the system prefers it, else `light`; follows changes. */
export function useColorScheme(): 'light' | 'dark' {
  const [dark, setDark] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const onChange = () => setDark(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return dark ? 'dark' : 'light';
}
