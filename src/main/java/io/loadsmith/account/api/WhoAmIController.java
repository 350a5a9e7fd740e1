package io.loadsmith.account.api;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.identity.CurrentUser;
import io.loadsmith.identity.Role;

/** Who the caller is and with which rights: how tooling checks a token before a deployment. */
@RestController
class WhoAmIController {

    public record Me(String username, Role role) {
    }

    @GetMapping("/api/v1/me")
    public Me me() {
        CurrentUser me = CurrentUser.current();
        return new Me(me.username(), me.role());
    }
}
