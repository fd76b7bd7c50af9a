// "Vraag 3 van 11" with a progress bar, above each question.
import { fill, type FlowTexts } from './fill';

export function Progress({ n, total, texts }: { n: number; total: number; texts: FlowTexts }) {
  const label = fill(texts['testFlow.progress'], { n, total });
  return (
    <div className="test-progress">
      <p className="test-progress-label" aria-live="polite">{label}</p>
      <progress className="test-progress-bar" max={total} value={n} aria-label={label} />
    </div>
  );
}
