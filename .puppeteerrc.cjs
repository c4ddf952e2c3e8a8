// Chromium comes from the system package (/usr/bin/chromium); never download a browser.
module.exports = { skipDownload: true };
