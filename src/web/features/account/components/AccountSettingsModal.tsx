import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { User } from '../../../../shared/api/auth.ts';
import { Modal } from '../../../components/Modal.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';

const TABS = [
  { id: 'profile', label: 'Profile Information' },
  { id: 'password', label: 'Change Password' },
] as const;
type AccountTab = (typeof TABS)[number]['id'];

interface AccountSettingsModalProps {
  open: boolean;
  user: User;
  onClose: () => void;
}

/** Account Settings: profile and password, as two tabs (ARIA tabs pattern, arrow keys move between them). */
export function AccountSettingsModal({ open, user, onClose }: AccountSettingsModalProps) {
  const baseId = useId();
  const [active, setActive] = useState<AccountTab>('profile');
  const tabRefs = useRef<Record<AccountTab, HTMLButtonElement | null>>({ profile: null, password: null });

  const select = (tab: AccountTab) => {
    setActive(tab);
    tabRefs.current[tab]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.id === active);
    const last = TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    const tab = TABS[target];
    if (tab) select(tab.id);
  };

  return (
    <Modal open={open} title="Account Settings" size="md" onClose={onClose}>
      <div className="tabs__list" role="tablist" aria-label="Account Settings" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={active !== tab.id}
          className="tabs__panel"
        >
          {tab.id === 'profile' ? <ProfileForm user={user} /> : <ChangePasswordForm />}
        </div>
      ))}
    </Modal>
  );
}
