import type { TraceStep } from '@console/contracts';
import { describeTrace, refusalOf } from '@/lib/trace-summary';

/*
 * Rendered inside the widget's shadow root, where the console's styles do not reach: plain
 * elements with inline styles, and the browser's own disclosure (details/summary), which works
 * with the keyboard and screen readers without any script.
 */
const styles = {
  details: { marginTop: 6, fontSize: 12, lineHeight: 1.4, color: '#495057' },
  refusal: { margin: '6px 0 0', padding: '4px 8px', fontSize: 12, lineHeight: 1.4, color: '#862e9c', background: '#f8f0fc', borderRadius: 4 },
  summary: { cursor: 'pointer', color: '#1c7ed6' },
  list: { margin: '4px 0 0', padding: 0 },
  term: { fontWeight: 600, marginTop: 4 },
  detail: { margin: 0 },
} as const;

/**
 * The engine's reasoning for one answer of the Real-Time Test: a disclosure of its
 * stages. Why a question was refused is the first thing an editor asks of a refusal, so it stands
 * outside the disclosure.
 */
export function AnswerTrace({ trace }: { trace: TraceStep[] | undefined }) {
  if (!trace?.length) return null;
  const refusal = refusalOf(trace);
  return (
    <>
      {refusal && (
        <p role="note" aria-label="Why it was refused" style={styles.refusal}>
          Refused: {refusal}
        </p>
      )}
      <details style={styles.details}>
        <summary style={styles.summary}>Trace</summary>
        <dl style={styles.list} aria-label="Trace">
          {describeTrace(trace).map((line, index) => (
            <div key={`${line.stage}-${index}`}>
              <dt style={styles.term}>{line.title}</dt>
              {line.details.map((detail, detailIndex) => (
                <dd key={detailIndex} style={styles.detail}>
                  {detail}
                </dd>
              ))}
            </div>
          ))}
        </dl>
      </details>
    </>
  );
}
