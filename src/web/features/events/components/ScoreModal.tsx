import { useState } from 'react';
import { EVENT_MESSAGES, type GameStatus } from '../../../../shared/events.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { scoreFailure } from '../lib/messages.ts';
import { asScore } from '../lib/score.ts';

interface ScoreModalProps {
  opponent: string;
  game: { status: GameStatus; our_score: number | null; opponent_score: number | null };
  busy: boolean;
  /** The last save's failure. */
  error: Error | null;
  onClose: () => void;
  /** Saves both scores (a PUT of only the scores); `done` runs when it worked. */
  onSave: (scores: { our_score: number; opponent_score: number }, done: () => void) => void;
}

/** Add Score, or Edit Score when the game is completed. */
export function ScoreModal({ opponent, game, busy, error, onClose, onSave }: ScoreModalProps) {
  const [initial] = useState(() => ({
    ours: game.our_score === null ? '' : String(game.our_score),
    theirs: game.opponent_score === null ? '' : String(game.opponent_score),
  }));
  const [values, setValues] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const title = game.status === 'completed' ? 'Edit Score' : 'Add Score';

  const onSubmit = () => {
    const ours = asScore(values.ours);
    const theirs = asScore(values.theirs);
    if (ours === null || theirs === null) return setInvalid(true);
    setInvalid(false);
    onSave({ our_score: ours, opponent_score: theirs }, () => {
      showToast('success', EVENT_MESSAGES.scoreSaved);
      onClose();
    });
  };

  return (
    <FormModal
      title={title}
      size="sm"
      formLabel={`Score vs ${opponent}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save Score"
      busyLabel="Saving..."
      busy={busy}
      error={invalid ? EVENT_MESSAGES.scoresInvalid : error ? scoreFailure(error) : null}
      isDirty={values.ours !== initial.ours || values.theirs !== initial.theirs}
    >
      <p className="muted">vs {opponent}</p>
      <div className="score-fields">
        <TextField
          label="Our Score"
          kind="number"
          min={0}
          step={1}
          value={values.ours}
          onValueChange={(ours) => setValues((v) => ({ ...v, ours }))}
          required
        />
        <TextField
          label="Opponent Score"
          kind="number"
          min={0}
          step={1}
          value={values.theirs}
          onValueChange={(theirs) => setValues((v) => ({ ...v, theirs }))}
          required
        />
      </div>
    </FormModal>
  );
}
