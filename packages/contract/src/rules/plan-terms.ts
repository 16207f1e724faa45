/** A card plan's terms as far as its cash back goes (minor units; `days`, whole days). */
export interface CashBackTerms {
  price: number;
  days: number;
  dailyCashBack: number;
}

/**
 * What a plan's terms pay back over its whole term when every day reaches the target: its daily cash back times its
 * days (docs/console/plans-and-home.md). A card never pays back more than its price in all, so terms that add up to
 * more pay a card's whole price back: finance confirms such a plan (decision 099 "Points that expire, never silently",
 * A plan that pays back more than its price).
 */
export function cashBackOverTerm(terms: Pick<CashBackTerms, 'days' | 'dailyCashBack'>): number {
  return terms.days * terms.dailyCashBack;
}

/** Whether the plan's cash back over its term is more than its price: saved only when finance confirms it. */
export function paysBackMoreThanPrice(terms: CashBackTerms): boolean {
  return cashBackOverTerm(terms) > terms.price;
}
