/** parse-prometheus-text-format ships no types: its one export, as the testing helpers use it. */
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
