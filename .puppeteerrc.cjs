// Debian's Chromium is used; puppeteer must never download a browser of its own.
module.exports = { skipDownload: true };
