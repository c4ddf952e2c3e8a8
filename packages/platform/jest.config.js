import { nodeProject } from '../../jest.node-preset.js';

export default nodeProject('platform', { depth: 2 });
