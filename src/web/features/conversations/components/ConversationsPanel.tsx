import { useCallback, useEffect, useRef, useState } from 'react';
import type { Conversation } from '../../../../shared/api/conversations.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import { hashParams } from '../../../../shared/tabs.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { useHashParam } from '../../../lib/use-hash-param.ts';
import { useConversations } from '../api/get-conversations.ts';
import { useMessages } from '../api/get-messages.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { CONVERSATION_PARAM } from '../lib/use-conversation-left-behind.ts';
import { usePageVisible } from '../lib/use-page-visible.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationThread } from './ConversationThread.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { NewConversationModal } from './NewConversationModal.tsx';
import './conversations.css';

/** The hash with `conversationId` set (or removed), in place of the current history entry. */
function replaceConversationParam(id: number | null): void {
  const [tab = 'messages'] = window.location.hash.replace(/^#/, '').split('?');
  const params = hashParams(window.location.hash);
  if (id === null) params.delete(CONVERSATION_PARAM);
  else params.set(CONVERSATION_PARAM, String(id));
  window.location.replace(`#${tab}?${params.toString()}`);
}

/** Matches conversations.css: below it the list and the thread take turns. */
const NARROW_QUERY = '(max-width: 640px)';

interface ConversationsPanelProps {
  team: Team;
  userId: number;
  /** This tab of Communication is the one shown. */
  active: boolean;
  /**
   * The conversation the address named when the team was switched (`useConversationLeftBehind`): the
   * old team's, so it is dropped, never 'not among yours'.
   */
  leftBehind?: string | null;
}

/**
 * The Communication tab's conversations (docs/product/conversations.md): the list and the open thread
 * side by side, or on a phone one at a time with Back to list. The open conversation is the hash's
 * `conversationId`, so a reload keeps it and the browser's Back returns to the list.
 */
export function ConversationsPanel({ team, userId, active, leftBehind = null }: ConversationsPanelProps) {
  const zone = useTeamTimeZone();
  const visible = usePageVisible();
  const list = useConversations(team.id, active);
  const [param, setParam] = useHashParam(CONVERSATION_PARAM);
  // The team was switched with a conversation of the old one open: it is never opened here, and the
  // address lets it go, also each time it comes back to it (on a phone the drawer closes with a Back
  // step, onto the entry that still names it; the browser's Back does the same).
  const fromTeamLeft = param !== null && param === leftBehind;
  useEffect(() => {
    if (leftBehind === null) return;
    const letGo = () => {
      if (hashParams(window.location.hash).get(CONVERSATION_PARAM) === leftBehind) {
        replaceConversationParam(null);
      }
    };
    letGo();
    window.addEventListener('hashchange', letGo);
    return () => window.removeEventListener('hashchange', letGo);
  }, [leftBehind]);
  const openId = !fromTeamLeft && param && /^\d+$/.test(param) ? Number(param) : null;
  const open = list.data?.find((c) => c.id === openId) ?? null;
  const watching = active && visible && open !== null;
  const messages = useMessages(team.id, open ? open.id : null, watching);
  const markRead = useMarkRead(team.id);
  const [creating, setCreating] = useState(false);
  // What was typed in each conversation, kept while the user looks at another one.
  const [drafts] = useState(() => new Map<number, string>());
  const clearDraft = useCallback(
    (conversationId: number, content: string) => {
      if (drafts.get(conversationId)?.trim() === content) drafts.delete(conversationId);
    },
    [drafts],
  );
  const openConversationId = open?.id ?? null;
  const keepDraft = useCallback(
    (text: string) => {
      if (openConversationId !== null) drafts.set(openConversationId, text);
    },
    [drafts, openConversationId],
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The thread was opened from the list in this page: Back to list is the browser's Back. */
  const openedFromList = useRef(false);
  const focusThread = useRef(false);
  const returnFocusTo = useRef<number | null>(null);

  // Opening a conversation marks it read, and so does each new message while it is open and in view.
  const lastId = messages.data?.at(-1)?.id ?? 0;
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!watching || !open || !messages.isSuccess) return;
    const key = `${open.id}:${lastId}`;
    if (marked.current === key) return;
    marked.current = key;
    markRead(open.id);
  }, [watching, open, lastId, messages.isSuccess, markRead]);

  // On a phone the list gives way to the thread: focus follows to the thread's title.
  useEffect(() => {
    if (!open || !focusThread.current) return;
    focusThread.current = false;
    if (window.matchMedia?.(NARROW_QUERY).matches) headingRef.current?.focus();
  }, [open]);

  const select = (conversation: Conversation) => {
    if (conversation.id === openId) return;
    openedFromList.current = true;
    focusThread.current = true;
    setParam(String(conversation.id));
  };

  const backToList = () => {
    returnFocusTo.current = openId;
    if (openedFromList.current) {
      openedFromList.current = false;
      window.history.back();
    } else {
      replaceConversationParam(null);
    }
  };

  // Back on the list (a phone): focus returns to the conversation just left.
  useEffect(() => {
    if (open || returnFocusTo.current === null) return;
    document.getElementById(`conversation-${returnFocusTo.current}`)?.focus();
    returnFocusTo.current = null;
  }, [open]);

  const onCreated = (conversation: Conversation) => {
    // The address is replaced while the dialog is open, so the dialog's own history entry goes and the
    // page lands on the new conversation (lib/modal-history.ts); Back to list then replaces it again.
    openedFromList.current = false;
    focusThread.current = true;
    replaceConversationParam(conversation.id);
    setCreating(false);
  };

  return (
    <section
      aria-labelledby="conversations-title"
      className="conversations"
      data-open={open ? 'thread' : 'list'}
    >
      <div className="conversations__list-pane">
        <div className="section-header">
          <h2 id="conversations-title" className="section-title">
            Conversations
          </h2>
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => setCreating(true)}
          >
            New
            <span className="visually-hidden"> message</span>
          </button>
        </div>
        {list.isPending ? (
          <p role="status">Loading conversations...</p>
        ) : list.isError && !list.data ? (
          <p role="alert">
            Could not load the conversations. They will load again when the connection is back.
          </p>
        ) : list.data.length === 0 ? (
          <p className="card muted">No conversations yet. Start one with New.</p>
        ) : (
          <ConversationList
            conversations={list.data}
            selectedId={open?.id ?? null}
            zone={zone}
            onSelect={select}
          />
        )}
      </div>
      <div className="conversations__thread-pane card">
        {open ? (
          <>
            <BackToList onClick={backToList} />
            <ConversationThread
              conversation={open}
              messages={messages.data}
              loading={messages.isPending}
              failed={messages.isError}
              userId={userId}
              zone={zone}
              headingRef={headingRef}
            >
              <MessageComposer
                key={open.id}
                teamId={team.id}
                conversationId={open.id}
                conversationTitle={open.title}
                userId={userId}
                messages={messages.data}
                draft={drafts.get(open.id) ?? ''}
                onDraftChange={keepDraft}
                onSent={clearDraft}
              />
            </ConversationThread>
          </>
        ) : openId !== null && list.isSuccess ? (
          <>
            <BackToList onClick={backToList} />
            <p className="muted">This conversation is not among yours.</p>
          </>
        ) : (
          <p className="muted conversations__empty">Select a conversation to read and reply.</p>
        )}
      </div>
      {creating && (
        <NewConversationModal
          teamId={team.id}
          userId={userId}
          onClose={() => setCreating(false)}
          onCreated={onCreated}
        />
      )}
    </section>
  );
}

/** The phone's way back from a thread to the list (the browser's Back does the same). */
function BackToList({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      className="button button--secondary button--small conversations__back"
      onClick={onClick}
    >
      <span aria-hidden="true">← </span>Back to list
    </button>
  );
}
