import { nodeProject } from '../../jest.node-preset.js';

export default nodeProject('contracts', { depth: 2 });
