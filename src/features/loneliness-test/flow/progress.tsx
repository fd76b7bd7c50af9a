// "Vraag 3 van 11" with a progress bar, above each question.
import { formatPlain } from '../../../i18n/plain';
import type { FlowTexts } from './flow-texts';

export function Progress({ n, total, texts }: { n: number; total: number; texts: FlowTexts }) {
  const label = formatPlain(texts['testFlow.progress'], { n, total });
  return (
    <div className="test-progress">
      <p className="test-progress-label" aria-live="polite">{label}</p>
      <progress className="test-progress-bar" max={total} value={n} aria-label={label} />
    </div>
  );
}
