// Chromium comes from the system package (chromium-headless-shell); never download a browser.
module.exports = { skipDownload: true };
