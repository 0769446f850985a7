// The few WASI calls the watviz module makes, for a page that has no files:
// stdout and stderr go to the console, no folder is opened (so every file
// the C code tries is ENOENT and it says so, as it would without one), the
// clock is the page's.  Shared by the page and the node tests.
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';
function watvizWasi(log) {
  const ERRNO = { SUCCESS: 0, BADF: 8, INVAL: 28, NOENT: 44, NOSYS: 52, SPIPE: 70 };
  let memory = null;
  let pending = ['', '', ''];
  const view = () => new DataView(memory.buffer);
  const imports = {
    fd_write(fd, iovs, n, nwritten) {
      if (fd !== 1 && fd !== 2) return ERRNO.BADF;
      const dv = view();
      let total = 0;
      for (let i = 0; i < n; i++) {
        const p = dv.getUint32(iovs + 8 * i, true), len = dv.getUint32(iovs + 8 * i + 4, true);
        pending[fd] += new TextDecoder().decode(new Uint8Array(memory.buffer, p, len));
        total += len;
      }
      let nl;
      while ((nl = pending[fd].indexOf('\n')) >= 0) {
        log(fd, pending[fd].slice(0, nl));
        pending[fd] = pending[fd].slice(nl + 1);
      }
      dv.setUint32(nwritten, total, true);
      return ERRNO.SUCCESS;
    },
    fd_read() { return ERRNO.BADF; },
    fd_close() { return ERRNO.BADF; },
    fd_seek() { return ERRNO.SPIPE; },
    fd_fdstat_get(fd, out) {
      if (fd > 2) return ERRNO.BADF;
      const dv = view();
      dv.setUint8(out, 2);            // a character device
      dv.setUint16(out + 2, 0, true);
      dv.setBigUint64(out + 8, 0n, true);
      dv.setBigUint64(out + 16, 0n, true);
      return ERRNO.SUCCESS;
    },
    fd_fdstat_set_flags() { return ERRNO.NOSYS; },
    fd_filestat_get() { return ERRNO.BADF; },
    fd_prestat_get() { return ERRNO.BADF; },   // no folders
    fd_prestat_dir_name() { return ERRNO.BADF; },
    path_open() { return ERRNO.NOENT; },
    clock_time_get(id, precision, out) {
      const ns = BigInt(Math.round((id === 0 ? Date.now() : performance.now()) * 1e6));
      view().setBigUint64(out, ns, true);
      return ERRNO.SUCCESS;
    },
    proc_exit(code) { throw new Error('watviz: the module exited (' + code + ')'); },
  };
  return { imports, setMemory(m) { memory = m; } };
}
if (typeof module !== 'undefined') module.exports = { watvizWasi };
