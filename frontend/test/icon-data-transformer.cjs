// @ant-design/icons-svg ships each icon as an ES module (`var X = {...}; export default X;`) in a
// package Node reads as CommonJS; Jest gets the same drawing as `module.exports`, which an
// ES import then takes as its default, as the browser build does.
module.exports = {
  process(source) {
    return { code: source.replace(/export default (\w+);/, 'module.exports = $1;') };
  },
};
