import type { ReactNode } from 'react';

export interface CardSectionProps {
  /** The heading's id; the section is named by its heading. */
  readonly titleId: string;
  readonly title: ReactNode;
  readonly titleClassName: string;
  /** Classes beside `card`. */
  readonly className?: string;
  readonly children?: ReactNode;
}

/** A card of a page with a heading of its own, which names it. */
export function CardSection({ titleId, title, titleClassName, className, children }: CardSectionProps) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={titleId}>
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
