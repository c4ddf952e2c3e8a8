import { nodeProject } from '../../jest.node-preset.js';

export default nodeProject('db', { depth: 2 });
