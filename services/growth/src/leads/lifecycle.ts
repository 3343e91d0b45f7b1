import type { LeadStatus } from '@tm/contracts';

/** The moves of a lead: new → contacted → qualified → won | lost, and to spam from any other state. */
const NEXT: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  new: ['contacted', 'spam'],
  contacted: ['qualified', 'spam'],
  qualified: ['won', 'lost', 'spam'],
  won: ['spam'],
  lost: ['spam'],
  spam: [],
};

/** The states a lead may move to `to` from (the filter of the one conditional update). */
export function statesBefore(to: LeadStatus): LeadStatus[] {
  return (Object.keys(NEXT) as LeadStatus[]).filter((from) => NEXT[from].includes(to));
}

export function mayMove(from: LeadStatus, to: LeadStatus): boolean {
  return NEXT[from].includes(to);
}
