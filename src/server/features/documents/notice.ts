import { excerpt } from '../../../shared/display.ts';
import { DOCUMENT_CATEGORY_LABELS, type DocumentCategory } from '../../../shared/documents.ts';
import type { NotificationKind } from '../../../shared/notifications.ts';

// What the bell says of a new document (docs/product/notifications.md 'Announcements, polls,
// documents'). Who is told is the service's: those who may see the document.

/** Team Documents. */
export const DOCUMENTS_PATH = '/#documents';

export function documentNotice(
  team: string,
  document: { title: string; description: string | null; category: DocumentCategory },
): { kind: NotificationKind; title: string; body: string; link: string } {
  const description = document.description?.trim();
  return {
    kind: 'document_new',
    title: `${team}: New document "${document.title}"`,
    body: description ? excerpt(description) : DOCUMENT_CATEGORY_LABELS[document.category],
    link: DOCUMENTS_PATH,
  };
}
