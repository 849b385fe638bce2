import { linkify } from '../../shared/announcements.ts';

/**
 * Text as text: markup shows literally, and only http(s) addresses become links (opening in a new
 * tab, without giving it this page). No HTML is ever parsed from what members typed.
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
