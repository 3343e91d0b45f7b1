import { createParser } from 'eventsource-parser';

/** One event read back from an answer stream. */
export interface ReadEvent {
  event: string;
  data: any;
}

/** The events (and how many heartbeat comments) of a whole text/event-stream body. */
export function readEvents(text: string): { events: ReadEvent[]; pings: number } {
  const events: ReadEvent[] = [];
  let pings = 0;
  const parser = createParser({
    onEvent: (e) => events.push({ event: e.event ?? 'message', data: JSON.parse(e.data) }),
    onComment: () => {
      pings++;
    },
  });
  parser.feed(text);
  return { events, pings };
}
