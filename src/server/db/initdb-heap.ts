import type { PGlite } from '@electric-sql/pglite';

// PGlite's initdb runs PostgreSQL several times (bootstrap, then the SQL that builds the catalogs) in one
// helper instance, and before each run puts that instance's memory back as it was: it keeps a copy of
// the whole WebAssembly memory (128 MB at least) and writes all of it back each time. The copy and the
// rewritten memory are both resident: ~260 MB of a first start's set-up, mostly zeros. Here the copy
// keeps only the 64 kB pages that are not zero, and a page that was zero is cleared only if it is not
// zero now: the memory ends byte for byte as PGlite's own copy would leave it (docs/decisions/034).

const PAGE = 65_536;

/** The part of an Emscripten module's memory view that PGlite's initdb uses: copy it, put it back. */
export interface HeapView {
  readonly length: number;
  slice(): SparseCopy;
  set(copy: SparseCopy): void;
}

export interface SparseCopy {
  length: number;
  pages: Map<number, Uint8Array>;
}

function isZero(heap: Uint8Array, start: number): boolean {
  const words = new BigUint64Array(heap.buffer, heap.byteOffset + start, PAGE / 8);
  for (const word of words) if (word !== 0n) return false;
  return true;
}

/** A view of `memory()` (the module's current memory, which grows) whose copy is sparse. */
export function sparseHeap(memory: () => Uint8Array): HeapView {
  return {
    get length() {
      return memory().length;
    },
    slice() {
      const heap = memory();
      const pages = new Map<number, Uint8Array>();
      for (let start = 0; start < heap.length; start += PAGE)
        if (!isZero(heap, start)) pages.set(start, heap.slice(start, start + PAGE));
      return { length: heap.length, pages };
    },
    set(copy) {
      const heap = memory();
      for (let start = 0; start < copy.length; start += PAGE) {
        const page = copy.pages.get(start);
        if (page) heap.set(page, start);
        // Reading a page never written maps the kernel's zero page: it stays out of the resident set.
        else if (!isZero(heap, start)) heap.fill(0, start, start + PAGE);
      }
    },
  };
}

/**
 * Makes the initdb helper instances that `PGlite.create` makes from now on (the ones created with
 * `noInitDb`, as PGlite's own set-up does) show initdb the sparse view of their memory.
 */
export function useSparseInitdbHeap(pglite: typeof PGlite): void {
  const create = pglite.create.bind(pglite) as (options?: { noInitDb?: boolean }) => Promise<PGlite>;
  const patched = async (options?: { noInitDb?: boolean }) => {
    const instance = await create(options);
    if (!options?.noInitDb) return instance;
    const module = instance.Module;
    const heap = sparseHeap(() => module.HEAPU8);
    const view = new Proxy(module, {
      get: (target, key) => (key === 'HEAPU8' ? heap : (Reflect.get(target, key) as unknown)),
    });
    Object.defineProperty(instance, 'Module', { get: () => view });
    return instance;
  };
  Object.defineProperty(pglite, 'create', { value: patched, configurable: true, writable: true });
}
