import type { ReactNode } from 'react';
import { CardSection } from '../../../components/card-section';

/** A card of the step sources page, with its heading. */
export function StepSourcesCard({
  titleId,
  title,
  className,
  children,
}: {
  readonly titleId: string;
  readonly title: string;
  /** Classes beside `card step-sources`. */
  readonly className?: string;
  readonly children: ReactNode;
}) {
  return (
    <CardSection
      titleId={titleId}
      title={title}
      titleClassName="step-sources__title"
      className={className ? `step-sources ${className}` : 'step-sources'}
    >
      {children}
    </CardSection>
  );
}
