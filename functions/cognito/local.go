package cognito

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	cip "github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider"
	"github.com/aws/aws-sdk-go-v2/service/cognitoidentityprovider/types"
)

// LocalPoolName is the user pool the dev gateway and tests create in
// cognito-local.
const LocalPoolName = "forecourt-shoppers"

// LocalClient returns a Cognito client of cognito-local at endpoint (it
// accepts any credentials).
func LocalClient(endpoint, region string) *cip.Client {
	return cip.New(cip.Options{
		Region:       region,
		BaseEndpoint: aws.String(endpoint),
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
	})
}

// EnsureLocalPool makes cognito-local hold the shopper pool as the stateful
// stack defines it in AWS (phone number as sign-in name, required) and one
// app client per site, named by its slug, creating what is missing. It
// returns the pool with its clients.
func EnsureLocalPool(ctx context.Context, endpoint, region, name string, sites []string) (Pool, error) {
	c := LocalClient(endpoint, region)
	pool := Pool{Region: region, Endpoint: strings.TrimSuffix(endpoint, "/"), Clients: map[string]string{}}
	pools, err := c.ListUserPools(ctx, &cip.ListUserPoolsInput{MaxResults: aws.Int32(60)})
	if err != nil {
		return Pool{}, fmt.Errorf("list user pools at %s: %w", endpoint, err)
	}
	for _, p := range pools.UserPools {
		if aws.ToString(p.Name) == name {
			pool.ID = aws.ToString(p.Id)
		}
	}
	if pool.ID == "" {
		out, err := c.CreateUserPool(ctx, &cip.CreateUserPoolInput{
			PoolName:               aws.String(name),
			UsernameAttributes:     []types.UsernameAttributeType{types.UsernameAttributeTypePhoneNumber},
			AutoVerifiedAttributes: []types.VerifiedAttributeType{types.VerifiedAttributeTypePhoneNumber},
			Schema: []types.SchemaAttributeType{{
				Name: aws.String("phone_number"), AttributeDataType: types.AttributeDataTypeString,
				Required: aws.Bool(true), Mutable: aws.Bool(true),
			}},
		})
		if err != nil {
			return Pool{}, fmt.Errorf("create user pool %s: %w", name, err)
		}
		pool.ID = aws.ToString(out.UserPool.Id)
	}
	clients, err := c.ListUserPoolClients(ctx, &cip.ListUserPoolClientsInput{UserPoolId: aws.String(pool.ID), MaxResults: aws.Int32(60)})
	if err != nil {
		return Pool{}, fmt.Errorf("list app clients of %s: %w", pool.ID, err)
	}
	for _, cl := range clients.UserPoolClients {
		pool.Clients[aws.ToString(cl.ClientName)] = aws.ToString(cl.ClientId)
	}
	for _, site := range sites {
		if pool.Clients[site] != "" {
			continue
		}
		out, err := c.CreateUserPoolClient(ctx, &cip.CreateUserPoolClientInput{
			UserPoolId: aws.String(pool.ID), ClientName: aws.String(site),
			ExplicitAuthFlows: []types.ExplicitAuthFlowsType{
				types.ExplicitAuthFlowsTypeAllowUserSrpAuth, types.ExplicitAuthFlowsTypeAllowUserPasswordAuth,
				types.ExplicitAuthFlowsTypeAllowRefreshTokenAuth,
			},
		})
		if err != nil {
			return Pool{}, fmt.Errorf("create app client for %s: %w", site, err)
		}
		pool.Clients[site] = aws.ToString(out.UserPoolClient.ClientId)
	}
	// Only the asked-for sites: a client left from a removed tenant file
	// signs nobody in.
	for slug := range pool.Clients {
		if !slices.Contains(sites, slug) {
			delete(pool.Clients, slug)
		}
	}
	return pool, nil
}
