import { nodeProject } from '../../jest.node-preset.js';

export default nodeProject('testkit', { depth: 2 });
