import './steps-ring.css';

export interface StepsRingProps {
  readonly steps: number;
  readonly goal: number;
  /** The accessible name, e.g. "Steps today". */
  readonly label: string;
  /** The numbers as shown (grouped, localised). */
  readonly stepsText: string;
  readonly goalText: string;
}

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Today's steps against the goal, as a ring with the count in the middle. */
export function StepsRing({ steps, goal, label, stepsText, goalText }: StepsRingProps) {
  const share = goal > 0 ? Math.min(steps / goal, 1) : 0;
  return (
    <div
      className="steps-ring"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={goal}
      aria-valuenow={Math.min(steps, goal)}
      aria-valuetext={`${stepsText} / ${goalText}`}
    >
      <svg viewBox="0 0 120 120" className="steps-ring__svg" aria-hidden="true">
        <circle className="steps-ring__track" cx="60" cy="60" r={RADIUS} />
        <circle
          className="steps-ring__bar"
          cx="60"
          cy="60"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - share)}
        />
      </svg>
      <div className="steps-ring__text" aria-hidden="true">
        <span className="steps-ring__steps" data-testid="steps-today">
          {stepsText}
        </span>
        <span className="steps-ring__goal">/ {goalText}</span>
      </div>
    </div>
  );
}
