import ControllerKit
import Foundation

/// A scene session as the columns of its `scene_session` and `scene_activity` rows, and back: its
/// `userInfo` and the activity's lists as the JSON docs/schema.md describes, the rest as plain values.
enum SceneSessionRows {
    /// `scene_session`'s columns, and `scene_activity`'s after `session_id` (`nil`: no activity),
    /// each in its ``TableColumn`` order.
    static func columns(of record: SceneSessionRecord) throws -> (session: [DatabaseValue], activity: [DatabaseValue]?) {
        let session: [DatabaseValue] = [.text(record.persistentIdentifier), .text(record.role.rawValue),
                                        record.configurationName.databaseValue, try json(record.userInfo)]
        return (session, try record.stateRestorationActivity.map { archive in
            [.text(archive.activityType), archive.title.databaseValue, try json(archive.userInfo),
             try json(archive.requiredUserInfoKeys), archive.isEligibleForHandoff.databaseValue,
             archive.isEligibleForSearch.databaseValue, archive.isEligibleForPrediction.databaseValue,
             archive.isEligibleForPublicIndexing.databaseValue, archive.persistentIdentifier.databaseValue,
             archive.targetContentIdentifier.databaseValue, try json(archive.keywords),
             archive.webpageURL?.absoluteString.databaseValue ?? .null]
        })
    }

    /// The record of a `scene_session` row and its `scene_activity` row (`nil`: none), whose
    /// checksums the caller checked; throws when a value is not what the writer writes.
    static func record(session row: Row<SceneSessionColumn>, activity: Row<SceneActivityColumn>?) throws(Damage) -> SceneSessionRecord {
        guard let identifier = row.text(.persistent_identifier), let role = row.text(.role) else {
            throw Damage(reason: "its columns hold values of the wrong type")
        }
        var record = SceneSessionRecord(persistentIdentifier: identifier, role: SceneSession.Role(rawValue: role),
                                        configurationName: row.text(.configuration_name),
                                        userInfo: try decode(row[.user_info], "userInfo"))
        guard let activity else { return record }
        let flags = [SceneActivityColumn.is_eligible_for_handoff, .is_eligible_for_search, .is_eligible_for_prediction,
                     .is_eligible_for_public_indexing].map { activity.integer($0) }
        guard let type = activity.text(.activity_type), !flags.contains(nil) else {
            throw Damage(reason: "its activity's columns hold values of the wrong type")
        }
        var archive = UserActivity.Archive(activityType: type, title: activity.text(.title),
                                           userInfo: try decode(activity[.user_info], "the activity's userInfo"))
        archive.requiredUserInfoKeys = try decode(activity[.required_user_info_keys], "requiredUserInfoKeys")
        archive.isEligibleForHandoff = flags[0] == 1
        archive.isEligibleForSearch = flags[1] == 1
        archive.isEligibleForPrediction = flags[2] == 1
        archive.isEligibleForPublicIndexing = flags[3] == 1
        archive.persistentIdentifier = activity.text(.persistent_identifier)
        archive.targetContentIdentifier = activity.text(.target_content_identifier)
        archive.keywords = try decode(activity[.keywords], "keywords") ?? []
        if let url = activity.text(.webpage_url) {
            guard let webpage = URL(string: url) else { throw Damage(reason: "its activity's webpage_url is not a URL") }
            archive.webpageURL = webpage
        }
        record.stateRestorationActivity = archive
        return record
    }

    /// Why a session's rows cannot be read.
    struct Damage: Error {
        let reason: String
    }

    private static func json<Value: Encodable>(_ value: Value?) throws -> DatabaseValue {
        guard let value else { return .null }
        let encoder = JSONEncoder()
        // Equal values, equal text: the checksum and a comparison of two saves rely on it.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return .text(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    private static func decode<Value: Decodable>(_ column: DatabaseValue, _ name: String) throws(Damage) -> Value? {
        if case .null = column { return nil }
        guard case .text(let text) = column else { throw Damage(reason: "its \(name) is not text") }
        guard let value = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)) else {
            throw Damage(reason: "its \(name) is not the JSON navstate writes")
        }
        return value
    }
}
