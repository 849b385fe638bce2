import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Modal } from '../../../components/Modal.tsx';
import { clearToken } from '../../../lib/auth-token.ts';
import { clearInviteParams, hasInviteParams } from '../lib/invite-params.ts';

/**
 * Shown to a signed-in user who opens an invite link: sign out to use the invite (the URL is kept, so
 * the join form opens prefilled), or stay signed in (the invite is removed from the URL).
 */
export function InvitationDetectedDialog() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(() => hasInviteParams());
  const stayRef = useRef<HTMLButtonElement>(null);

  const accept = () => {
    setOpen(false);
    clearToken();
    queryClient.clear();
  };

  const stay = () => {
    clearInviteParams();
    setOpen(false);
  };

  if (!open) return null;
  return (
    <Modal
      open
      title="Team Invitation Detected"
      size="sm"
      onClose={stay}
      initialFocusRef={stayRef}
      hideCloseButton
      footer={
        <>
          <button ref={stayRef} type="button" className="button button--secondary" onClick={stay}>
            Stay Signed In
          </button>
          <button type="button" className="button button--primary" onClick={accept}>
            Accept Invite (Logout)
          </button>
        </>
      }
    >
      <p>
        This link invites you to join a team. To accept it, sign out and continue with the invite, or stay
        signed in with your current account.
      </p>
    </Modal>
  );
}
