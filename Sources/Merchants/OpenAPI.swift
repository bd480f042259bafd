import AppSuiteAPI
import HTTPServer

/// The wire models of the `/api/v1/merchants/…` endpoints (``MerchantEndpoints``), as OpenAPI components.
enum MerchantsOpenAPI {
    static let schemas: [(String, JSONSchema)] = [
        JSONSchema.component(MerchantSummary.self),
        JSONSchema.component(MerchantList.self),
        JSONSchema.component(MerchantImportedReview.self),
        JSONSchema.component(MerchantDetail.self),
        JSONSchema.component(MerchantCoordinates.self),
        JSONSchema.component(MerchantSubmissionInput.self, overriding: ["name": .string(maxLength: 60), "category": .string(maxLength: 32),
                                                                        "address": .string(maxLength: 200), "openingHours": .string(maxLength: 255),
                                                                        "phone": .string(description: "one phone number: digits, spaces, +, -, parentheses, then an extension after 分机, 转, ext or x; anything else is 422",
                                                                                         maxLength: 32)]),
        JSONSchema.component(MerchantSubmission.self, overriding: ["state": .string(description: "pending, approved or rejected")]),
        JSONSchema.component(MerchantPhoto.self, overriding: ["state": .string(description: "pending or approved"), "alt": .string(maxLength: 100)]),
        JSONSchema.component(MerchantPhotoList.self),
        JSONSchema.component(MerchantPhotoUpload.self),
        JSONSchema.component(MerchantArticleSummary.self, overriding: ["state": .string(description: "upcoming, running or ended; absent without dates")]),
        JSONSchema.component(MerchantArticleList.self),
        JSONSchema.component(MerchantArticle.self, overriding: ["state": .string(description: "upcoming, running or ended; absent without dates")]),
        JSONSchema.component(MerchantArticleInput.self, overriding: ["title": .string(maxLength: 60), "markdown": .string(maxLength: 20_000),
                                                                     "validFrom": .string(maxLength: 10), "validUntil": .string(maxLength: 10)]),
    ]
}
