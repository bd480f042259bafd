/// Every endpoint group declared with ``Endpoint`` values, for the client's route list and coverage test (the
/// server builds its document from the groups its apps and platform features serve).
public enum APIEndpoints {
    public static let groups: [EndpointGroup] = [MerchantEndpoints.group, WeatherEndpoints.group, AppDealsEndpoints.group, PhotoStudioEndpoints.group,
                                                  NotificationEndpoints.inboxGroup, NotificationEndpoints.pushGroup,
                                                  PlatformEndpoints.group, PlatformEndpoints.accountGroup]
}
