import { Alert } from '../components/Alert.tsx';
import { useLogout } from './useLogout.ts';

interface ProfileLoadErrorProps {
  onRetry: () => void;
}

/** The current user could not be loaded for a reason other than a refused token (network, server). */
export function ProfileLoadError({ onRetry }: ProfileLoadErrorProps) {
  const logout = useLogout();
  return (
    <div className="auth-page">
      <main className="auth-card" id="main">
        <h1 className="auth-card__title">Something went wrong</h1>
        <Alert tone="error">Failed to load user profile</Alert>
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={logout}>
            Logout
          </button>
          <button type="button" className="button button--primary" onClick={onRetry}>
            Try again
          </button>
        </div>
      </main>
    </div>
  );
}
