import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useLogout } from './useLogout.ts';

interface LogoutConfirmProps {
  open: boolean;
  onCancel: () => void;
}

export function LogoutConfirm({ open, onCancel }: LogoutConfirmProps) {
  const logout = useLogout();
  return (
    <ConfirmDialog
      open={open}
      title="Confirm Logout"
      message="Are you sure you want to logout? You will need to sign in again to access your team."
      confirmLabel="Logout"
      danger
      onConfirm={logout}
      onCancel={onCancel}
    />
  );
}
