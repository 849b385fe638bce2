import type { ReactNode } from 'react';

// The tournament detail view shows the tournament's documents, which belong to the documents feature.
// Features do not import each other: src/web/app hands this screen a renderer for them.

export interface TournamentDocumentsSlotProps {
  teamId: number;
  tournamentId: number;
  /** The user may upload files to the team (a coach, or the can_upload_files flag). */
  canUpload: boolean;
  /** 'Upload Tournament Document' is open: the detail view's Upload File opens it too. */
  uploading: boolean;
  onUploadingChange: (open: boolean) => void;
}

export type TournamentDocumentsSlot = (props: TournamentDocumentsSlotProps) => ReactNode;
