import { useState } from 'react';
import type { User } from '../../../../shared/api/auth.ts';
import { Modal } from '../../../components/Modal.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { NotificationPreferencesForm } from './NotificationPreferencesForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { PushDeviceSection } from './PushDeviceSection.tsx';

const TABS = [
  { id: 'profile', label: 'Profile Information' },
  { id: 'password', label: 'Change Password' },
  { id: 'notifications', label: 'Notifications' },
] as const;
type AccountTab = (typeof TABS)[number]['id'];

interface AccountSettingsModalProps {
  open: boolean;
  user: User;
  onClose: () => void;
}

/** Account Settings: profile, password and notifications (this device's, then each kind's), as tabs. */
export function AccountSettingsModal({ open, user, onClose }: AccountSettingsModalProps) {
  const [active, setActive] = useState<AccountTab>('profile');
  const [dirty, setDirty] = useState(false);
  return (
    <Modal open={open} title="Account Settings" size="md" onClose={onClose} isDirty={dirty}>
      <Tabs
        label="Account Settings"
        tabs={TABS}
        active={active}
        onSelect={setActive}
        renderPanel={(tab) => {
          switch (tab) {
            case 'profile':
              return <ProfileForm user={user} onDirtyChange={setDirty} />;
            case 'password':
              return <ChangePasswordForm onDirtyChange={setDirty} />;
            case 'notifications':
              return (
                <>
                  <PushDeviceSection />
                  <NotificationPreferencesForm user={user} onDirtyChange={setDirty} />
                </>
              );
          }
        }}
      />
    </Modal>
  );
}
