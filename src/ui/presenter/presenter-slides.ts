// The presenter's screens, in order, and the page sections each one shows.

export const SLIDES = [
  { id: 'bandwidth', sections: ['charts'] },
  { id: 'compute', sections: ['summary'] },
  { id: 'roofline', sections: ['roofline'] },
  { id: 'decode', sections: ['run', 'latency'] },
  { id: 'decode-real', sections: ['decode-real'] },
  { id: 'predictions', sections: ['predictions'] },
  { id: 'load', sections: ['load'] },
] as const;

export type SlideId = (typeof SLIDES)[number]['id'];
