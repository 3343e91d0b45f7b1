import { closeSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The default of `spillAboveBytes`: a collection past this many encoded bytes keeps them in a file. */
export const SPILL_ABOVE_BYTES = 64 * 2 ** 20;

/** Closes the spill files of collections nobody holds any more (a store dropped without close(), as tests do). */
const closeWhenCollected = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {}
});

/** A spill file: its descriptor, where the next write goes, and each body's place in it. */
interface SpillFile {
  fd: number;
  end: number;
  /** _id -> slot; a slot's offset and length are at 2 * slot and 2 * slot + 1 of `places`. */
  slots: Map<string, number>;
  places: number[];
  free: number[];
  /** Bytes of the file no body uses any more (replaced or deleted). */
  dead: number;
  token: object;
}

/**
 * The encoded documents of one embedded collection, by `_id`: in memory while the collection is
 * small, and past `spillAboveBytes` in an unlinked temporary file (gone with the process, even
 * after a crash), read back with one pread per document. A large embedded collection (100k
 * catalog services are ~370 MB encoded) then costs the process's memory only what the OS keeps
 * in its page cache, which it reclaims under pressure instead of killing the process; small ones
 * (every test, auth's and bookings' collections) never touch the disk. The file is append-only:
 * a replaced or deleted body's bytes stay until they outweigh the live ones, and then the live
 * ones are copied to a fresh file.
 */
export class Bodies {
  private readonly memory = new Map<string, Uint8Array>();
  private memoryBytes = 0;
  private file: SpillFile | undefined;

  constructor(private readonly spillAboveBytes = SPILL_ABOVE_BYTES) {}

  get(id: string): Uint8Array | undefined {
    if (!this.file) return this.memory.get(id);
    const slot = this.file.slots.get(id);
    if (slot === undefined) return undefined;
    const [offset, length] = [this.file.places[2 * slot] as number, this.file.places[2 * slot + 1] as number];
    const bytes = Buffer.allocUnsafeSlow(length);
    readSync(this.file.fd, bytes, 0, length, offset);
    return bytes;
  }

  set(id: string, bytes: Uint8Array): void {
    if (!this.file) {
      this.memoryBytes += bytes.byteLength - (this.memory.get(id)?.byteLength ?? 0);
      this.memory.set(id, bytes);
      if (this.memoryBytes > this.spillAboveBytes) this.spill();
      return;
    }
    this.append(this.file, id, bytes);
  }

  delete(id: string): void {
    if (!this.file) {
      this.memoryBytes -= this.memory.get(id)?.byteLength ?? 0;
      this.memory.delete(id);
      return;
    }
    const slot = this.file.slots.get(id);
    if (slot === undefined) return;
    this.file.dead += this.file.places[2 * slot + 1] as number;
    this.file.slots.delete(id);
    this.file.free.push(slot);
  }

  /** True once the bodies live in a file (for tests). */
  get spilled(): boolean {
    return this.file !== undefined;
  }

  /** The file's size in bytes, live and dead bodies (for tests). */
  get fileBytes(): number {
    return this.file?.end ?? 0;
  }

  close(): void {
    if (!this.file) return;
    closeWhenCollected.unregister(this.file.token);
    closeSync(this.file.fd);
    this.file = undefined;
  }

  /** Moves every body to a fresh file (compaction does the same with the file's live bodies). */
  private spill(): void {
    const next = openSpillFile();
    if (this.file) {
      for (const id of this.file.slots.keys()) this.append(next, id, this.get(id) as Uint8Array);
      this.close();
    } else {
      for (const [id, bytes] of this.memory) this.append(next, id, bytes);
      this.memory.clear();
      this.memoryBytes = 0;
    }
    this.file = next;
    closeWhenCollected.register(this, next.fd, next.token);
  }

  private append(file: SpillFile, id: string, bytes: Uint8Array): void {
    writeSync(file.fd, bytes, 0, bytes.byteLength, file.end);
    let slot = file.slots.get(id);
    if (slot !== undefined) file.dead += file.places[2 * slot + 1] as number;
    else {
      slot = file.free.pop() ?? file.places.length / 2;
      file.slots.set(id, slot);
    }
    file.places[2 * slot] = file.end;
    file.places[2 * slot + 1] = bytes.byteLength;
    file.end += bytes.byteLength;
    // Compacted once dead bytes outweigh the live ones (and are worth a copy).
    if (file === this.file && file.dead > this.spillAboveBytes && file.dead > file.end - file.dead) this.spill();
  }
}

/** A new temporary file, already unlinked: only its descriptor names it. */
function openSpillFile(): SpillFile {
  const dir = mkdtempSync(join(tmpdir(), 'tm-embedded-'));
  const path = join(dir, 'bodies');
  const fd = openSync(path, 'w+');
  unlinkSync(path);
  rmSync(dir, { recursive: true, force: true });
  return { fd, end: 0, slots: new Map(), places: [], free: [], dead: 0, token: {} };
}
