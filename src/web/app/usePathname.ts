import { useEffect, useState } from 'react';

function currentPath(): string {
  const path = window.location.pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The page's path, following the browser's back and forward buttons. */
export function usePathname(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const onPopState = () => setPath(currentPath());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  return path;
}
