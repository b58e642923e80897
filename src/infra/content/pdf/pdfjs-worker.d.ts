/** PDF.js's worker module ships without types; only its handler is read, to run it in this thread. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
