import Redis from 'ioredis';

const r = new Redis('redis://127.0.0.1:6379', { enableAutoPipelining: true });
await new Promise((res) => r.once('ready', res));
const s = (r as any).stream;
const ow = s.write.bind(s);
let wt = 0,
  wn = 0;
s.write = (...a: any[]) => {
  const t = performance.now();
  const x = ow(...a);
  wt += performance.now() - t;
  wn++;
  return x;
};
const N = 3000;
let t0 = performance.now();
const c0 = process.cpuUsage();
for (let i = 0; i < N; i++) await r.ping();
let c = process.cpuUsage(c0);
console.log(
  'ioredis seq ping: wall us/op',
  (((performance.now() - t0) * 1000) / N).toFixed(1),
  'cpu us/op',
  ((c.user + c.system) / N).toFixed(1),
  'write us',
  ((wt * 1000) / wn).toFixed(1),
);
const { RedisClient } = await import('bun');
const b = new RedisClient('redis://127.0.0.1:6379');
await b.connect();
t0 = performance.now();
const c1 = process.cpuUsage();
for (let i = 0; i < N; i++) await b.send('PING', []);
c = process.cpuUsage(c1);
console.log('bun redis seq ping: wall us/op', (((performance.now() - t0) * 1000) / N).toFixed(1), 'cpu us/op', ((c.user + c.system) / N).toFixed(1));
r.disconnect();
b.close();
process.exit(0);
