export const RECOMMEND_OPTIONS = ['yes', 'no', 'maybe'] as const;
export type Recommend = (typeof RECOMMEND_OPTIONS)[number];

/** The rating form's payload (spec, public section 3); every score is an integer 1-5. */
export interface CreateFeedbackRequest {
  jobId: string;
  rating: number;
  serviceQuality: number;
  responseTime: number;
  communication: number;
  value: number;
  comments: string;
  recommend: Recommend;
  improvements?: string;
}

export interface Feedback extends Required<Omit<CreateFeedbackRequest, 'improvements'>> {
  id: number;
  improvements: string | null;
  createdAt: string;
}

export interface FeedbackResponse {
  feedback: Feedback;
}
